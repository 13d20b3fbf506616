/** The CSV writer lives in @app/domain (the web app's chart exports write the same CSV). */
export { csvCell, toCsv, type CsvValue } from '@app/domain';
