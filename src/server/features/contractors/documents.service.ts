import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  CONTRACTOR_DOCUMENT_TYPES,
  type ContractorDocument,
  type ContractorDocumentKind,
  contractorDocumentMessages,
  contractorDocumentUploadFieldsSchema,
} from '../../../domain/contractors/contractor-documents';
import { toFieldErrors } from '../../../domain/errors';
import { safeFileName } from '../../../domain/projects/project-files';
import type { SessionUser } from '../../platform/auth/session-store';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../platform/errors';
import { checkFileContent, refusedFileError } from '../../platform/files/file-content';
import { type ProfileRow, toContractorDocument } from './contractor-detail';
import type {
  ContractorsDeps,
  IncomingDocument,
  RequestMeta,
  StoredDocumentBody,
} from './contractors.service';

const uuid = z.uuid();

/** Licence, insurance and W-9 files: uploaded by their contractor, opened by them or an admin. */
export function createContractorDocumentsService(deps: ContractorsDeps) {
  const { repo, storage, logger } = deps;

  return {
    /**
     * POST /api/contractor/documents: one licence, insurance or W-9 file, its type read from its
     * bytes (PDF, JPEG, PNG), at most 10 MB, stored under ids only, with its row and audit entry.
     */
    async uploadDocument(
      profile: ProfileRow,
      incoming: IncomingDocument,
      meta: RequestMeta = {},
    ): Promise<ContractorDocument> {
      const fields = contractorDocumentUploadFieldsSchema.safeParse(incoming.fields);
      if (!fields.success) {
        const fieldErrors = toFieldErrors(fields.error);
        throw new ValidationError(
          Object.values(fieldErrors)[0]?.[0] ?? contractorDocumentMessages.kind,
          fieldErrors,
        );
      }
      const file = incoming.file;
      if (!file || file.data.length === 0) {
        throw new ValidationError(contractorDocumentMessages.missing, {
          file: [contractorDocumentMessages.missing],
        });
      }
      if (file.data.length > CONTRACTOR_DOCUMENT_MAX_BYTES) {
        throw new PayloadTooLargeError(contractorDocumentMessages.tooLarge);
      }
      // the type from the first bytes, then the whole file parsed as that type
      const checked = await checkFileContent(file.data, CONTRACTOR_DOCUMENT_TYPES);
      if (!checked.ok) {
        logger.info(
          {
            contractorId: profile.id,
            reason: checked.reason,
            ...('detail' in checked ? { detail: checked.detail } : {}),
          },
          'contractor document refused',
        );
        throw refusedFileError(checked, contractorDocumentMessages.type);
      }
      const { contentType } = checked;
      const kind: ContractorDocumentKind = fields.data.kind;
      const id = randomUUID();
      // the key is made of ids only: a file's own name never reaches the file system
      const storageKey = `contractors/${profile.id}/${id}`;
      await storage.put(storageKey, file.data);
      try {
        const row = await repo.insertDocument(
          {
            id,
            contractorId: profile.id,
            kind,
            state: fields.data.state ?? null,
            fileName: safeFileName(file.fileName, contentType, kind.replace(/_/g, '-')),
            contentType,
            size: file.data.length,
            storageKey,
          },
          {
            actorId: profile.userId,
            action: 'contractor.document_uploaded',
            entityType: 'contractor_profile',
            entityId: profile.id,
            data: {
              documentId: id,
              kind,
              state: fields.data.state ?? null,
              contentType,
              bytes: file.data.length,
            },
            ip: meta.ip,
          },
        );
        return toContractorDocument(row);
      } catch (err) {
        await storage
          .delete(storageKey)
          .catch((e) => logger.error({ err: e, storageKey }, 'orphan document not removed'));
        throw err;
      }
    },

    /** GET /api/contractor/documents/{id}: the file, to its contractor and to admins; 404 to anyone else. */
    async openDocument(user: SessionUser, documentId: string): Promise<StoredDocumentBody> {
      const notFound = () => new NotFoundError(contractorDocumentMessages.notFound);
      if (!uuid.safeParse(documentId).success) throw notFound();
      const row = await repo.documentById(documentId);
      if (!row) throw notFound();
      if (user.userType !== 'admin') {
        const own = await repo.profileOfUser(user.id);
        if (!own || own.id !== row.contractorId) throw notFound();
      }
      return {
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        etag: `"${row.id}"`,
        read: async () => {
          if (!(await storage.exists(row.storageKey))) {
            logger.error({ documentId: row.id }, 'contractor document missing from storage');
            throw notFound();
          }
          return storage.stream(row.storageKey);
        },
      };
    },
  };
}

export type ContractorDocumentsService = ReturnType<typeof createContractorDocumentsService>;
