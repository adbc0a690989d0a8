// Binary wire format for pgvector `vector[]` query parameters. Sending vectors as text costs ~10x more CPU
// than binary (measured, 47k x 100-d: ~1.4 s per 5k vectors to format and parse decimal literals, against
// ~0.06 s to pack and receive them), so bulk embedding writes pass one binary array instead.
//
// Layout (Postgres array_recv / pgvector vector_recv, all integers and floats big-endian):
//   int32 ndim = 1, int32 flags = 0 (no nulls), uint32 element type oid, int32 length, int32 lower bound = 1,
//   then per element: int32 byte length, int16 dims, int16 unused = 0, dims x float32.
import type { Transaction } from '@electric-sql/pglite';
import { SAVE_VECTORS_SQL, type SaveVectors } from '../sql/vector-store';

/** Largest vector pgvector stores. */
export const MAX_VECTOR_DIMS = 16000;

export function encodeVectorArray(vectors: readonly Float32Array[], dims: number, elementOid: number): Uint8Array {
  if (!Number.isInteger(dims) || dims < 1 || dims > MAX_VECTOR_DIMS) throw new Error(`invalid embedding dims ${dims}`);
  const elementBytes = 4 + 4 * dims;
  const out = new DataView(new ArrayBuffer(20 + vectors.length * (4 + elementBytes)));
  out.setInt32(0, 1);
  out.setInt32(4, 0);
  out.setUint32(8, elementOid);
  out.setInt32(12, vectors.length);
  out.setInt32(16, 1);
  let at = 20;
  for (const v of vectors) {
    if (v.length !== dims) throw new Error(`vector has ${v.length} dims, expected ${dims}`);
    out.setInt32(at, elementBytes);
    out.setInt16(at + 4, dims);
    out.setInt16(at + 6, 0);
    at += 8;
    for (let d = 0; d < dims; d++) {
      const x = v[d]!;
      if (!Number.isFinite(x)) throw new Error('vector contains a non-finite value');
      out.setFloat32(at, x);
      at += 4;
    }
  }
  return new Uint8Array(out.buffer);
}

/**
 * SAVE_VECTORS_SQL over PGlite with the vectors as one binary `vector[]` parameter. The type oids are looked
 * up on the first write (they differ per database).
 */
export function binaryVectorWriter(): SaveVectors<Transaction> {
  let oids: { element: number; array: number } | null = null;
  return async (tx, params, vectors, dims) => {
    if (oids === null) {
      const r = await tx.query<{ element: number; array: number }>(
        `select oid::int8 as element, typarray::int8 as array from pg_type where oid = 'vector'::regtype`,
      );
      const row = r.rows[0];
      if (!row) throw new Error('the vector extension is not installed');
      oids = row;
    }
    const packed = encodeVectorArray(vectors, dims, oids.element);
    // PGlite sends a parameter in binary when its serializer returns bytes (it passes them to Bind as is);
    // the declared Serializer type says string, hence the cast.
    const binary = (x: unknown): string => x as string;
    await tx.query(SAVE_VECTORS_SQL, [...params, packed], { serializers: { [oids.array]: binary } });
  };
}
