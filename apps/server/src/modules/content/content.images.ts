import path from 'node:path';
import { SERVER_DIR } from '../../server-dir';

/** The demo banner pictures ship with the code (no upload needed on a fresh install). */
export const BUNDLED_IMAGES_DIR = path.join(SERVER_DIR, 'src/modules/content/seed/images');
export const BUNDLED_IMAGES_URL = '/api/content/images/';
