// The shop endpoints declared so far: a shop added in the field, and a whole visit of a shop.
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS } from '../errors';
import { idParam } from '../ids';
import { createdId, prospectionSubmission, shopRegistration } from '../index';

/** The largest visit: its texts, brands and to-dos (its pictures go one by one). */
export const VISIT_BODY_LIMIT = 1024 * 1024;

export const registerShop = endpoint({
  ...address.registerShop,
  tags: ['shops'],
  description: 'Creates address, contact and shop in one transaction. Send an Idempotency-Key to make retries safe.',
  body: shopRegistration,
  responses: { 201: createdId },
  errors: ['invalid_city', ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'shops/register' },
});

export const submitVisit = endpoint({
  ...address.submitVisit,
  tags: ['prospections'],
  description:
    'Saves a whole visit in one transaction, linked to the appointment it was started from (appointmentId). Send an Idempotency-Key to make retries safe.',
  params: idParam,
  body: prospectionSubmission,
  responses: { 201: createdId },
  errors: ['no_employee', 'shop_not_found', 'not_own_appointment', 'appointment_other_shop', ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'shops/:id/prospections' },
  bodyLimit: VISIT_BODY_LIMIT,
});
