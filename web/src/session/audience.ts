// The schemas rule itself, through its zod-free module so the wire schemas stay out of the first load.
export { audienceOf } from '@wl/schemas/domain/audience';
