// A visit and its parts: reads for the detail page, and the spec's granular writes for other clients (the app sends a
// whole visit at once: submitVisit in ./shops.ts).
import { z } from 'zod';
import { endpoint, type Address } from '../endpoint';
import * as address from './addresses';
import { CONSTRAINT_ERRORS, type ErrorCode } from '../errors';
import { idParam } from '../ids';
import {
  competitorBrandIds,
  createdId,
  prospection,
  prospectionBrand,
  prospectionBrandInterest,
  prospectionBrandInterests,
  prospectionBrands,
  prospectionCompetitorBrand,
  prospectionCreate,
  todo,
  todoIds,
} from '../index';
import { VISIT_BODY_LIMIT } from './shops';

export const prospectionById = endpoint({
  ...address.prospectionById,
  tags: ['prospections'],
  params: idParam,
  responses: { 200: prospection },
  errors: ['prospection_not_found'],
});

/** A part of a visit, read. */
const partRead = <const A extends Address, const S extends z.ZodType>(at: A, part: S) =>
  endpoint({
    ...at,
    tags: ['prospections'],
    params: idParam,
    responses: { 200: part },
    errors: ['prospection_not_found'],
  });

export const brandsOfProspection = partRead(address.brandsOfProspection, z.array(prospectionBrand.required({ brandName: true })));
export const competitorBrandsOfProspection = partRead(address.competitorBrandsOfProspection, z.array(prospectionCompetitorBrand));
export const brandInterestsOfProspection = partRead(
  address.brandInterestsOfProspection,
  z.array(prospectionBrandInterest.required({ brandName: true })),
);
export const todosOfProspection = partRead(address.todosOfProspection, z.array(todo));

export const createProspection = endpoint({
  ...address.createProspection,
  tags: ['prospections'],
  body: prospectionCreate,
  responses: { 201: createdId },
  errors: ['no_employee', ...CONSTRAINT_ERRORS],
  bodyLimit: VISIT_BODY_LIMIT,
});

/** A part of the caller's own visit, replaced as a whole. */
const partReplace = <const A extends Address, const B extends z.ZodType>(at: A, body: B, errors: readonly ErrorCode[] = []) =>
  endpoint({
    ...at,
    tags: ['prospections'],
    params: idParam,
    body,
    responses: { 204: z.null() },
    errors: ['prospection_not_found', 'not_own_prospection', ...errors, ...CONSTRAINT_ERRORS],
    bodyLimit: VISIT_BODY_LIMIT,
  });

export const replaceProspectionBrands = partReplace(address.replaceProspectionBrands, prospectionBrands);
export const replaceProspectionCompetitorBrands = partReplace(address.replaceProspectionCompetitorBrands, competitorBrandIds);
export const replaceProspectionBrandInterests = partReplace(address.replaceProspectionBrandInterests, prospectionBrandInterests);
export const replaceProspectionTodos = partReplace(address.replaceProspectionTodos, todoIds, ['unknown_todo']);
