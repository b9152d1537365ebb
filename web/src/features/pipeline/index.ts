// What the pipeline per shop and FC70 brand gives the other screens (decision 066; STYLE.md: a feature's public
// index): the shop page's section, and Home's Opvolgen, loaded beside Home's first download, not in it.
export { ShopPipeline } from './ShopPipeline';
export { StatusBadge } from './StatusBadge';
/** Home's Opvolgen (features/home/HomePage.tsx). */
export const followUpsCode = () => import('./FollowUps');
/** The status, reason and next-step fields, for the wizard's 'Merken opvolgen' (the shop page's dialog shows the same). */
export { PipelineFields } from './PipelineFields';
