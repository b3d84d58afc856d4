/**
 * The Reports page's chart code, apart from the first script, in two chunks. The bars (month-bars, our own
 * SVG, a few KB) draw the first chart: the route's loader starts them beside the first report's data, so
 * the first chart does not wait for the data, then the code, nor for the other charts' code (nivo, about
 * 100 KB). The ring and the lines (report-charts) are started once the bars have arrived, so they do not
 * share the slow link with them and are there by the time their reports' data is.
 */
export const loadMonthBars = () =>
  import('./month-bars').then((bars) => {
    void loadReportCharts();
    return bars;
  });

export const loadReportCharts = () => import('./report-charts');
