/**
 * The organisations feature's public surface (issue 26 #4-5): organisations that order reports
 * through the open API, their API keys, `/api/v1` (orders billed to the account, statements).
 * Its services are built in src/server/services-organizations.ts. Webhooks (issue 26 #6) hang off
 * the organisation.
 */
export type { ApiOrdersService } from './api-orders.service';
export type { ApiCaller, OrganizationsService } from './organizations.service';
/** Where an outgoing request may go (https and public outside development): the push feature's sends too. */
export {
  checkReceiverUrl,
  type ReceiverPolicy,
  receiverPolicyOf,
  resolveReceiver,
} from './webhook-receiver';
