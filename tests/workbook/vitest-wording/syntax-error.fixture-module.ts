// A module with a syntax error on purpose (lesson files look like this while being written).
export const value = () => {
  return export 1;
};
