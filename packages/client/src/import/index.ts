// The CSV reading is shared with the server (packages/contracts/src/csv-import); the client adds the
// requests that preview and save an import.
export {
  type AmountResult,
  type ColumnMapping,
  type Comparable,
  type DateFormat,
  dateSpan,
  detectDateFormat,
  detectDelimiter,
  detectMapping,
  ImportFileError,
  type ImportRow,
  MAPPING_FIELDS,
  type MappingField,
  parseBankAmount,
  parseBankDate,
  parseCsv,
  parseType,
  planImport,
  readImportFile,
  type ReadOptions,
  type RowProblem,
  unescapeFormula,
} from '@paisable/contracts/csv-import';
export { describeRow, type ImportPreview, type ImportSummary, previewImport, saveImport } from './run';
