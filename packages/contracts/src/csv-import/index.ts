export * from './csv';
export * from './plan';
export * from './read';
export * from './values';
