// The CSV reading is shared with the server (packages/contracts/src/csv-import); the client adds the
// requests that preview and save an import.
export * from '@paisable/contracts/csv-import';
export * from './run';
