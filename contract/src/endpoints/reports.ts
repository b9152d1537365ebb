// The sample prospection report: one per employee, readable and writable only by that employee.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS } from '../errors';
import { id, idParam, prospectionReport, prospectionReportCreate, prospectionReportUpdate } from '../index';

/** The largest report: its text of up to 20,000 characters, with room for JSON's escapes and multi-byte characters. */
export const REPORT_BODY_LIMIT = 256 * 1024;

export const reportOfEmployee = endpoint({
  ...address.reportOfEmployee,
  tags: ['report'],
  params: z.object({ employeeId: id }),
  responses: { 200: prospectionReport },
  errors: ['no_employee', 'not_own_report', 'report_not_found'],
});

export const createReport = endpoint({
  ...address.createReport,
  tags: ['report'],
  body: prospectionReportCreate,
  responses: { 201: prospectionReport },
  errors: ['no_employee', 'not_own_report', ...CONSTRAINT_ERRORS],
  bodyLimit: REPORT_BODY_LIMIT,
});

export const updateReport = endpoint({
  ...address.updateReport,
  tags: ['report'],
  params: idParam,
  body: prospectionReportUpdate,
  responses: { 200: prospectionReport },
  errors: ['no_employee', 'report_id_mismatch', 'report_not_found', 'not_own_report', ...CONSTRAINT_ERRORS],
  bodyLimit: REPORT_BODY_LIMIT,
});
