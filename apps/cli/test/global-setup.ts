// The same real API process as the client package's tests: one for the whole run.
export { default } from '@paisable/client/testing/global-setup';
