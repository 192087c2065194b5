/**
 * The uploads module: uploaded files, their storage and routes.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { uploadContext, uploadsHandlers } from './handlers.ts';
export {
  chatCopyPurpose,
  deleteUpload,
  removeChatAttachment,
  removeUnusedBytes,
} from './removal.ts';
export { startUploadPurge } from './purge.ts';
export {
  avatarOf,
  findUpload,
  newPublicId,
  toMeetFile,
  uploadedFileUrl,
  uploadedImageUrl,
  type UploadRow,
} from './records.ts';
export { attachReviewPhotos, reviewPhotos } from './review-photos.ts';
export { registerMultipart, registerUploadRoutes } from './routes.ts';
export { acceptUpload, UPLOAD_LIMITS, uploadLimited, type UploadContext } from './service.ts';
export { DEFAULT_UPLOADS_DIR, UploadStore } from './storage.ts';
