import { PassThrough, Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addListMembersRequestSchema,
  addListMembersResponseSchema,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  campaignDraftSchema,
  campaignListsRequestSchema,
  campaignResponseSchema,
  campaignsQuerySchema,
  campaignsResponseSchema,
  contactListMemberParamsSchema,
  contactListRequestSchema,
  contactListResponseSchema,
  contactListsResponseSchema,
  contactResponseSchema,
  contactsQuerySchema,
  contactsResponseSchema,
  createContactRequestSchema,
  removeListMemberResponseSchema,
  recipientCountQuerySchema,
  recipientCountResponseSchema,
  errorResponseSchema,
  importListsQuerySchema,
  importRequestSchema,
  importResponseSchema,
  type CampaignDetail,
  type ImportProgressLine,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { AppError, errorBody, fromSchemaValidation, fromZodError } from '../../plugins/errors';
import { pageOf } from '../../db/pagination';
import { idempotencyHeaders } from '../../plugins/idempotency';
import { checkImportLists, importContacts } from './contact-import';
import {
  addContact,
  addListMembers,
  countRecipients,
  createContactList,
  deleteContact,
  deleteContactList,
  listContactLists,
  listContacts,
  removeListMember,
  renameContactList,
} from './contacts.service';
import {
  cancelCampaign,
  changeCampaignLists,
  createCampaign,
  pauseCampaign,
  resumeCampaign,
  sendCampaignNow,
} from './campaigns.service';
import { getCampaign, listCampaigns } from './campaign-views';
import { registerCampaignJobs } from './campaigns.jobs';
import trackingRoutes from './tracking.routes';
import campaignResultsRoutes from './campaign-results.routes';
import { supplyActivityFigures } from '../activity';
import { campaignActivityFigures } from './activity-figures';
import { mountAt } from '../../plugins/mount';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid() });

/**
 * E-mail campaigns, registered at /api: contact lists, contacts and import, campaigns, and
 * (tracking.routes.ts) the public links in every message plus the relay's bounce webhook.
 */
const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  supplyActivityFigures(campaignActivityFigures);
  await registerCampaignJobs(deps);
  await app.register(trackingRoutes);
  await app.register(importRoute);
  await app.register(campaignResultsRoutes);

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    requireSignIn(signedIn);
    const userId = (request: FastifyRequest) => requireUser(request).userId;

    // ------------------------------------------------------------ contact lists
    signedIn.get(
      '/contact-lists',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'The user’s contact lists with their counts',
          response: { 200: contactListsResponseSchema },
        },
      },
      async (request) => ({ data: await listContactLists(deps, userId(request)) }),
    );
    signedIn.get(
      '/contact-lists/recipients',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'How many people a campaign to these lists reaches: each address once, suppressed ones left out',
          querystring: recipientCountQuerySchema,
          response: { 200: recipientCountResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await countRecipients(deps, userId(request), request.query.lists) }),
    );
    signedIn.post(
      '/contact-lists',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Creates a contact list',
          body: contactListRequestSchema,
          response: { 201: contactListResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createContactList(deps, userId(request), request.body.name) }),
    );
    signedIn.patch(
      '/contact-lists/:id',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Renames a contact list',
          params: idParams,
          body: contactListRequestSchema,
          response: { 200: contactListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await renameContactList(deps, userId(request), request.params.id, request.body.name),
      }),
    );
    signedIn.delete(
      '/contact-lists/:id',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Deletes a contact list (its contacts stay)',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteContactList(deps, userId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    signedIn.post(
      '/contact-lists/members',
      {
        schema: {
          tags: ['campaigns'],
          summary:
            'Adds contacts already in the address book to lists: 404 naming each contact or list that is gone, and nothing is linked',
          body: addListMembersRequestSchema,
          response: { 200: addListMembersResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await addListMembers(deps, userId(request), request.body) }),
    );
    signedIn.delete(
      '/contact-lists/:id/contacts/:contactId',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Takes a contact out of a list (the contact and the list stay)',
          params: contactListMemberParamsSchema,
          response: { 204: removeListMemberResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await removeListMember(deps, userId(request), request.params.id, request.params.contactId);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ contacts
    signedIn.get(
      '/contacts',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'The user’s contacts, newest first, optionally of one list or matching a search',
          querystring: contactsQuerySchema,
          response: { 200: contactsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { page, limit } = request.query;
        const { contacts, total } = await listContacts(deps, userId(request), request.query);
        return { data: contacts, pagination: pageOf(page, limit, total) };
      },
    );
    signedIn.post(
      '/contacts',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Adds a contact (a known address is added to the given lists): 201 new, 200 known',
          body: createContactRequestSchema,
          response: { 200: contactResponseSchema, 201: contactResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { contact, created } = await addContact(deps, userId(request), request.body);
        return reply.status(created ? 201 : 200).send({ data: contact });
      },
    );
    signedIn.delete(
      '/contacts/:id',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Deletes a contact',
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteContact(deps, userId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // ------------------------------------------------------------ campaigns
    signedIn.get(
      '/campaigns',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'Campaign history, newest first',
          querystring: campaignsQuerySchema,
          response: { 200: campaignsResponseSchema },
        },
      },
      async (request) => ({ data: await listCampaigns(deps, userId(request), request.query.limit) }),
    );
    signedIn.post(
      '/campaigns',
      {
        attachValidation: true,
        schema: {
          tags: ['campaigns'],
          summary:
            'Sends a campaign now (isImmediate), schedules it (scheduledFor), or keeps it as a draft. An Idempotency-Key makes a retried or doubled POST create (and send) one campaign.',
          headers: idempotencyHeaders,
          body: campaignDraftSchema,
          response: { 201: campaignResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        throwDraftValidation(request);
        const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
        const created = await createCampaign(deps, requireUser(request).user, request.body, key);
        if (created.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send({ data: created.campaign });
      },
    );
    signedIn.get(
      '/campaigns/:id',
      {
        schema: {
          tags: ['campaigns'],
          summary: 'One campaign with its delivery figures (poll it for a progress bar while it sends)',
          params: idParams,
          response: { 200: campaignResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await getCampaign(deps, userId(request), request.params.id) }),
    );
    signedIn.patch(
      '/campaigns/:id',
      {
        schema: {
          tags: ['campaigns'],
          summary:
            'Other lists for a draft or a scheduled campaign (one whose list was deleted is not sent until then); 409 once it has started',
          params: idParams,
          body: campaignListsRequestSchema,
          response: { 200: campaignResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await changeCampaignLists(deps, userId(request), request.params.id, request.body.selectedLists),
      }),
    );
    const action = (
      path: string,
      summary: string,
      run: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<CampaignDetail>,
    ) =>
      signedIn.post(
        `/campaigns/:id/${path}`,
        {
          schema: {
            tags: ['campaigns'],
            summary,
            params: idParams,
            response: { 200: campaignResponseSchema, ...errors },
          },
        },
        async (request) => ({ data: await run(request) }),
      );
    action('cancel', 'Cancels a scheduled campaign, a draft, or a paused one', (r) =>
      cancelCampaign(deps, userId(r), r.params.id),
    );
    action('pause', 'Pauses a sending campaign (what is in flight finishes)', (r) =>
      pauseCampaign(deps, userId(r), r.params.id),
    );
    action('resume', 'Resumes a paused campaign with the recipients not yet sent', (r) =>
      resumeCampaign(deps, userId(r), r.params.id),
    );
    action(
      'send',
      'Sends a draft or a scheduled campaign now; confirms one whose time passed while the server was down',
      (r) => sendCampaignNow(deps, requireUser(r).user, r.params.id),
    );
  };
  await app.register(signedInRoutes);
};
export default mountAt('/api', campaignsRoutes);

/** A draft missing its name, subject or lists answers the spec's one message, each field named in details. */
function throwDraftValidation(request: FastifyRequest): void {
  const error = request.validationError as
    (Error & { validation?: Array<{ instancePath: string; message?: string }> }) | undefined;
  if (!error) return;
  const issues = error.validation ?? [];
  if (issues.some((issue) => issue.message === CAMPAIGN_MESSAGES.draftIncomplete)) {
    throw fromSchemaValidation({ validation: issues }, CAMPAIGN_MESSAGES.draftIncomplete);
  }
  throw error;
}

/** POST /api/contacts/import: JSON {text, lists}, or the text itself streamed (text/plain, text/csv) with ?lists=. */
const importRoute: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // a streamed body reaches the handler unread; importContacts counts its bytes against the limit
  app.removeContentTypeParser(['text/plain']);
  app.addContentTypeParser(['text/plain', 'text/csv'], (_request, payload, done) => done(null, payload));
  requireSignIn(app);

  app.post(
    '/contacts/import',
    {
      bodyLimit: 4 * CAMPAIGN_LIMITS.importTextMax,
      schema: {
        tags: ['campaigns'],
        summary:
          'Imports addresses: one per line, or CSV with an email column. JSON {text, lists}, or a streamed text/plain or text/csv body with ?lists=id,id. With Accept: application/x-ndjson the answer streams progress lines, then a done or error line.',
        querystring: importListsQuerySchema,
        response: { 200: importResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const streamed = isStream(request.body);
      let lists = request.query.lists;
      let body: AsyncIterable<Buffer | string>;
      if (streamed) {
        body = request.body as Readable;
      } else {
        const parsed = importRequestSchema.safeParse(request.body);
        if (!parsed.success) throw fromZodError(parsed.error);
        lists = parsed.data.lists;
        body = Readable.from([parsed.data.text]);
      }

      if (!(request.headers.accept ?? '').includes('application/x-ndjson')) {
        return { data: await importContacts(deps, userId, body, { lists }) };
      }
      // refused before the stream starts: another user's list is a 404 answer, not a line in a 200
      await checkImportLists(deps, userId, lists);
      const out = new PassThrough();
      const line = (value: ImportProgressLine) => out.write(`${JSON.stringify(value)}\n`);
      void importContacts(deps, userId, body, { lists, onProgress: line })
        .then((data) => line({ type: 'done', data }))
        .catch((error: unknown) => {
          const status = error instanceof AppError ? error.statusCode : 500;
          if (status >= 500) request.log.error({ err: error }, 'contact import failed');
          const answer = error instanceof AppError ? errorBody(status, error.message, error.code) : errorBody(500);
          line({ type: 'error', status, error: answer.error, code: answer.code });
        })
        .finally(() => out.end());
      // the NDJSON stream is not the JSON answer the schema describes: sent past the serializer
      return reply.header('content-type', 'application/x-ndjson; charset=utf-8').send(out as never);
    },
  );
};

const isStream = (value: unknown): value is Readable =>
  typeof value === 'object' && value !== null && typeof (value as Readable).pipe === 'function';
