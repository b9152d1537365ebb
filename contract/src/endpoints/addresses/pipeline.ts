// The pipeline per shop and FC70 brand (../pipeline.ts): where each is called, without its schemas.
import { at } from './at';

export const shopPipelineOf = at('GET', '/shops/:id/pipeline');
export const setShopPipelineStatus = at('PUT', '/shops/:id/pipeline/:brandId');
export const myFollowUps = at('GET', '/pipeline/follow-ups');
