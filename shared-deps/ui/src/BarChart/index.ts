export { BarChart } from './BarChart';
export type { BarChartProps, BarGroup } from './BarChart';
