import { lineChartInfo } from './lineChart.js';
import { LINE_CHARTS, SECTIONS } from './lineChartCatalogue.js';
import type { LineCharts } from './messages.js';

/** `/lines`: every section of the layout, each with its listed charts' info (the user-operation section empty). */
export const lineCharts = (): LineCharts => ({
  sections: SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    charts: LINE_CHARTS.filter((c) => c.section === section.id).map(lineChartInfo),
  })),
});
