// A lesson file that exports something else than the test asks for.
export const somethingElse = 1;
