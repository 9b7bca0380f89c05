import { pathFor } from '@visita/domain/contract/endpoint';
import * as endpoints from '@visita/domain/contract/endpoints';
import { type CreateTicketAnswer, ORDER_FORM_FIELDS, type OrderLead } from '@visita/domain/contract/orders';
import { HttpError, UNEXPECTED_ERROR } from '../../api/http.ts';

/**
 * POST /orden-medica/create-ticket/ as multipart: each file as 'orden', the lead as JSON (first: the
 * server reads it before the files), the widget's path ('/demo'). The answer is read whatever its status: { msg, groupedOrdenMedicaId } or an error.
 */
export async function createOrderTicket(
  files: readonly File[],
  lead: OrderLead,
  path: string,
  clientId: string,
  signal?: AbortSignal,
): Promise<CreateTicketAnswer> {
  const form = new FormData();
  form.append(ORDER_FORM_FIELDS.lead, JSON.stringify(lead));
  form.append(ORDER_FORM_FIELDS.path, path);
  for (const file of files) form.append(ORDER_FORM_FIELDS.file, file, file.name);
  let response: Response;
  try {
    const url = new URL(pathFor(endpoints.createTicket), window.location.origin);
    url.searchParams.set('client_id', clientId);
    response = await fetch(url, {
      method: endpoints.createTicket.method,
      body: form,
      signal,
      headers: { accept: 'application/json', 'x-client-id': clientId },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(500, UNEXPECTED_ERROR);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const id = record.groupedOrdenMedicaId ?? record.grouped_orden_medica_id;
    if (response.ok && record.msg === 'ok' && typeof id === 'string')
      return { msg: 'ok', groupedOrdenMedicaId: id };
    const error = record.err ?? record.error ?? record.msg;
    return { error: typeof error === 'string' ? error : 'error' };
  }
  return { error: 'error' };
}
