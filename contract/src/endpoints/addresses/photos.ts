// Photos of a visit (../photos.ts): where each is called, without its schemas.
import { at } from './at';

export const photosOfProspection = at('GET', '/prospections/:prospectionId/photos');
export const photosOfShop = at('GET', '/shops/:shopId/photos');
export const photoFile = at('GET', '/photos/:photoId');
export const photoThumb = at('GET', '/photos/:photoId/thumb');
export const uploadPhoto = at('PUT', '/prospections/:prospectionId/photos/:photoId');
export const deletePhoto = at('DELETE', '/prospections/:prospectionId/photos/:photoId');
