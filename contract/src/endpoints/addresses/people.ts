// Users and employees (../people.ts): where each is called, without its schemas.
import { at } from './at';

export const users = at('GET', '/users');
export const userById = at('GET', '/users/:id');
export const userByEmail = at('GET', '/User/GetUserByEmail/:email');
export const employees = at('GET', '/employees');
export const employeeById = at('GET', '/employees/:id');
export const employeeOfUser = at('GET', '/employees/user/:userId');
export const appointmentsOfEmployee = at('GET', '/employees/:id/appointments');
