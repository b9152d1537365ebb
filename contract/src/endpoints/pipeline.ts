// Where every shop stands for every FC70 brand (docs/decisions/066-pipeline-per-shop-and-brand.md): read on the shop
// page, set by a rep there (the wizard sends its choices with the visit: submitVisit), and the next steps due today.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS, IDEMPOTENCY_ERRORS } from '../errors';
import { followUp, pipelineNow, pipelineSet, shopPipeline } from '../index';
import { id, idParam } from '../ids';

export const shopPipelineOf = endpoint({
  ...address.shopPipelineOf,
  tags: ['pipeline'],
  description: "The shop's status per FC70 brand and every change of it, newest first. Read by every signed-in user.",
  params: idParam,
  responses: { 200: shopPipeline },
  errors: ['shop_not_found'],
});

export const setShopPipelineStatus = endpoint({
  ...address.setShopPipelineStatus,
  tags: ['pipeline'],
  description:
    "Sets a shop's status for an FC70 brand as the signed-in rep says it (a later visit's evidence does not overrule it), with the next step. Send an Idempotency-Key to make retries safe.",
  params: z.object({ id, brandId: id }),
  body: pipelineSet,
  responses: { 200: pipelineNow },
  errors: ['no_employee', 'shop_not_found', 'brand_not_found', ...IDEMPOTENCY_ERRORS, ...CONSTRAINT_ERRORS],
  idempotent: { scope: 'PUT shops/:id/pipeline/:brandId' },
});

export const myFollowUps = endpoint({
  ...address.myFollowUps,
  tags: ['pipeline'],
  description: 'Opvolgen: the next steps the signed-in rep planned for today or before, for brands still interested or negotiating.',
  responses: { 200: z.array(followUp) },
  errors: ['no_employee'],
});
