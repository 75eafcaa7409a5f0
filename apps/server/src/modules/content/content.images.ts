import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo banner pictures ship with the code (no upload needed on a fresh install). */
export const BUNDLED_IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'seed', 'images');
export const BUNDLED_IMAGES_URL = '/api/content/images/';
