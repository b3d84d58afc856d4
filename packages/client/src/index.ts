export * from './client';
export * from './rest';
export * from './import';
export * from './statements';
