/**
 * The request options of a contract call that uploads one file as multipart `file`: the contract
 * types the part as a string (its name); the serializer sends the File itself.
 */
export function fileUpload(file: File) {
  return {
    body: { file: file.name },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', file, file.name);
      return form;
    },
  };
}
