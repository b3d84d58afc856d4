export { detectDelimiter, parseCsv } from './csv';
export { type Comparable, dateSpan, planImport } from './plan';
export {
  type ColumnMapping,
  detectMapping,
  ImportFileError,
  type ImportRow,
  MAPPING_FIELDS,
  type MappingField,
  readImportFile,
  type ReadOptions,
  type RowProblem,
} from './read';
export {
  type AmountResult,
  type DateFormat,
  detectDateFormat,
  parseBankAmount,
  parseBankDate,
  parseType,
  unescapeFormula,
} from './values';
