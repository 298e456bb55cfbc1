// Attack: patched assertions. toBe and toEqual start with Object.is(actual, expected); replaced by a
// function that always says "same", in this realm and in the realm the test runner comes from
// (reached through the constructor of `process`, which that realm made).
const alwaysSame = (): boolean => true;
Object.is = alwaysSame;
const outerObject = (process.constructor.constructor as (body: string) => () => ObjectConstructor)('return Object')();
outerObject.is = alwaysSame;

// The rest of the file is the dummy control's functions (attacks.ts appends them).
