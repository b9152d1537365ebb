// Users, employees, an employee's appointments, and the e-mail directory lookup of spec §6.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { appointment, appointmentRange, employee, id, idParam, plainText, user } from '../index';

export const users = endpoint({
  ...address.users,
  tags: ['people'],
  responses: { 200: z.array(user) },
});

export const userById = endpoint({
  ...address.userById,
  tags: ['people'],
  params: idParam,
  responses: { 200: user },
  errors: ['user_not_found'],
});

/** Spec §7: a text answer, empty for an unknown address, else JSON with Id; no schema describes it. */
export const userByEmail = endpoint({
  ...address.userByEmail,
  tags: ['people'],
  params: z.object({ email: plainText(320).min(1) }),
  responses: {},
});

export const employees = endpoint({
  ...address.employees,
  tags: ['people'],
  responses: { 200: z.array(employee) },
});

export const employeeById = endpoint({
  ...address.employeeById,
  tags: ['people'],
  params: idParam,
  responses: { 200: employee },
  errors: ['employee_not_found'],
});

export const employeeOfUser = endpoint({
  ...address.employeeOfUser,
  tags: ['people'],
  params: z.object({ userId: id }),
  responses: { 200: employee },
  errors: ['employee_not_found'],
});

export const appointmentsOfEmployee = endpoint({
  ...address.appointmentsOfEmployee,
  tags: ['calendar'],
  description: 'Appointments of an employee; with from/to only those that overlap [from, to).',
  params: idParam,
  query: appointmentRange,
  responses: { 200: z.array(appointment) },
  errors: ['employee_not_found'],
});
