// The sample report (../reports.ts): where each is called, without its schemas.
import { at } from './at';

export const reportOfEmployee = at('GET', '/prospectionreport/employee/:employeeId');
export const createReport = at('POST', '/prospectionreport');
export const updateReport = at('PUT', '/prospectionreport/:id');
