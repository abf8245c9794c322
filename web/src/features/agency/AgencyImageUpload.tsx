// A branding image (logo, dark logo, favicon, tab icon): the shared image field, stored under agency/ with the
// field's own size/type limits.
import { ImageUploadField } from '../../ui/ImageUploadField';
import { uploadFile } from './agency-api';

export function AgencyImageUpload(props: {
  label: string;
  hint: string;
  value: string | undefined;
  onChange: (url: string) => void;
  userId: string;
  maxSizeMB: number;
  accept: string;
}) {
  const { hint, userId, maxSizeMB, accept } = props;
  return (
    <ImageUploadField
      {...props}
      hint={`${hint} · Max size: ${maxSizeMB} MB`}
      upload={async (file, base64Payload) =>
        (await uploadFile({ agentId: '', userId, base64Payload, targetPath: `agency/${file.name}`, temporary: false, maxSizeMB, accept })).data.url
      }
    />
  );
}
