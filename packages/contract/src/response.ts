/** The response wrapper every /v1 answer uses: {success, errCode?, errMsg?, traceId, data?}. */
import { z } from 'zod';

export const BaseResponseSchema = z.object({
  success: z.boolean(),
  errCode: z.string().optional(),
  errMsg: z.string().optional(),
  traceId: z.string(),
  stack: z.string().optional(),
});
export type BaseResponse = z.infer<typeof BaseResponseSchema>;

export function wrapped<T extends z.ZodType>(data: T) {
  return BaseResponseSchema.extend({ data: data.optional() });
}

export interface ApiResponse<T> extends BaseResponse {
  data?: T;
}

/** Error object as the client passes it around (spec section 3, "Other"). */
export const ErrorObjectSchema = z.object({
  errCode: z.string(),
  traceId: z.string().optional(),
  stack: z.string().optional(),
});
export type ErrorObject = z.infer<typeof ErrorObjectSchema>;
