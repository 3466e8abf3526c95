/** A string enum for TypeBox: `{type: 'string', enum}` so a wrong value answers "<field> must be one of: …". */
import { Type, type TUnsafe } from '@sinclair/typebox';

/** A string that must be one of `values`. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
