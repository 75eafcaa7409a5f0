/**
 * The contract schemas the public account forms validate with. Loaded on the first focus of a
 * field (or the first submit), not with the page: they bring zod, 25 kB of the page's first load
 * (decision 0109). `first-load-size.mjs` lists this module as loaded on interaction.
 */
export { RegisterBody, ResetPasswordBody, SendResetCodeBody } from '@dsm/contract';
