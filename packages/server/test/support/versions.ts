/** The `X-Moov-Version` header of each API version the tests speak. */
export const V2026 = { 'x-moov-version': 'v2026.01.00' };
export const V2024 = { 'x-moov-version': 'v2024.01.00' };
