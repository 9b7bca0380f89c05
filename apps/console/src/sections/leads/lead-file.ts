import * as endpoints from '@visita/domain/contract/endpoints';

/**
 * GET /api/console/leads/:id/files/:fileId: the file's bytes, shown inline by an <img> or an
 * <iframe> (the browser asks for it with the session's cookie), so no hook reads it.
 */
export function leadFileUrl(leadId: string, fileId: string): string {
  return `/api${endpoints.consoleLeadFile.path
    .replace(':id', encodeURIComponent(leadId))
    .replace(':fileId', encodeURIComponent(fileId))}`;
}
