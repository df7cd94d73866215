import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import {
  ATTACHMENT_CHUNK_MAX_BYTES,
  ATTACHMENT_FILE_SIZE_HEADER,
  ATTACHMENT_ID_HEADER,
  PresignBatchRequest,
} from '../../../src/sync/protocol/attachments';
import { itemId, sha256Hex } from '../../../src/sync/protocol/common';
import type { ErrorBody } from '../../../src/sync/protocol/errors';
import { type ChunkRow, ownedChunksStatement } from '../attachments/chunk-rows';
import { presignChunks } from '../attachments/presign';
import { declaredSizeRefusal, storeChunk } from '../attachments/upload';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { BUCKETS } from '../middleware/buckets';
import { limitedRead, rateLimit } from '../middleware/rate-limit';
import { writeGate } from '../middleware/write-gate';

/**
 * File chunks (issue 15; docs/protocol.md, "Attachments"): the upload and presign-batch. Vault
 * scope, authentication and the plan gate are set by the parent router.
 */
export function attachmentRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.put(
    '/attachments/chunks/:hash',
    rateLimit(BUCKETS.attachment_upload),
    writeGate,
    async (c, next) => {
      // everything that can be refused without the body is, before it is read
      const hash = c.req.param('hash');
      if (!v.is(sha256Hex, hash))
        return errorResponse(c, 'VALIDATION_ERROR', 'the hash must be lowercase hex SHA-256');
      if (!v.is(itemId, c.req.header(ATTACHMENT_ID_HEADER) ?? '')) {
        return errorResponse(
          c,
          'VALIDATION_ERROR',
          `${ATTACHMENT_ID_HEADER} must name the file (1 to 512 characters)`,
        );
      }
      const size = c.req.header(ATTACHMENT_FILE_SIZE_HEADER) ?? '';
      if (!/^\d{1,15}$/.test(size)) {
        return errorResponse(
          c,
          'VALIDATION_ERROR',
          `${ATTACHMENT_FILE_SIZE_HEADER} must be the file's size in bytes`,
        );
      }
      const refused = declaredSizeRefusal(scopeOf(c), Number(size));
      if (refused) return send(c, refused);
      await next();
    },
    bodyLimit({
      maxSize: ATTACHMENT_CHUNK_MAX_BYTES,
      onError: (c) =>
        c.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: `a chunk body is at most ${ATTACHMENT_CHUNK_MAX_BYTES} bytes`,
            },
          } satisfies ErrorBody,
          413,
        ),
    }),
    async (c) => {
      const bytes = new Uint8Array(await c.get('timing').measure('body', () => c.req.arrayBuffer()));
      const result = await storeChunk(
        c.get('deps'),
        scopeOf(c),
        {
          hash: c.req.param('hash'),
          attachmentId: c.req.header(ATTACHMENT_ID_HEADER) as string,
          fileSize: Number(c.req.header(ATTACHMENT_FILE_SIZE_HEADER)),
        },
        bytes,
      );
      return send(c, result);
    },
  );

  r.post('/attachments/presign-batch', async (c) => {
    const urls = c.get('deps').objectUrls;
    const body = await parseBody(c, PresignBatchRequest);
    // the bucket counts every request, a refused one too (as every other bucket does)
    const hashes = body.ok ? [...new Set(body.value.hashes)] : [];
    const { userId } = c.get('auth');
    const counted = await limitedRead(
      c,
      BUCKETS.blob_download,
      urls && hashes.length > 0 ? [ownedChunksStatement(userId, c.get('vaultId'), hashes)] : [],
    );
    if (!counted.ok) return counted.response;
    if (!body.ok) return body.response;
    if (!urls)
      return errorResponse(c, 'STORAGE_PRESIGN_UNAVAILABLE', 'this deployment cannot presign object URLs');
    return c.json(await presignChunks(urls, hashes, (counted.rows[0] ?? []) as ChunkRow[]));
  });
  return r;
}

function scopeOf(c: import('hono').Context<AppEnv>) {
  return {
    userId: c.get('auth').userId,
    vaultId: c.get('vaultId'),
    entitlement: c.get('entitlement'),
    timing: c.get('timing'),
  };
}
