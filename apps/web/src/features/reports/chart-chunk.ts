/**
 * The Reports page's chart code: one chunk (report-charts), apart from the first script. The route's loader
 * starts it beside the first report's data, so the first chart does not wait for the data, then the code.
 */
export const loadReportCharts = () => import('./report-charts');
