import { useMutation } from '@tanstack/react-query';
import { upload } from '../api.ts';
import { endpoints } from '../endpoints.ts';
import { prepareImage } from '../image.ts';

/** `/common/upload1` (multipart, field `card`): an ID photo or transfer proof → its signed path (`/api/vue/uploads/…?s=…`), sent back as it is. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const { blob, name } = await prepareImage(file);
      return (await upload(endpoints.uploads.image, 'card', blob, name)).data;
    },
  });
}
