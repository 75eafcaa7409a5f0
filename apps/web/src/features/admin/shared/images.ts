import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, type UploadImageBody } from '@dsm/contract';

export type ImageProblem = 'image-type' | 'image-too-large';

/** What the server would refuse, told before the upload (type and the 2 MB limit). */
export function checkImage(
  file: Pick<File, 'type' | 'size'>,
  types: readonly string[] = IMAGE_CONTENT_TYPES,
): ImageProblem | null {
  if (!types.includes(file.type)) return 'image-type';
  if (file.size > MAX_IMAGE_BYTES) return 'image-too-large';
  return null;
}

/** The file as the API takes images: base64 in JSON with its content type. */
export function toUploadBody(file: File): Promise<UploadImageBody> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ contentType: file.type as UploadImageBody['contentType'], data: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export const ACCEPT_IMAGES = IMAGE_CONTENT_TYPES.join(',');
/** Banners: the content API takes PNG, JPEG and WebP (no SVG). */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
