// An agent's image (avatar, header, background): the shared image field, stored in the agent's folder; a file over
// the limits is refused with a browser alert.
import { ImageUploadField } from '../../ui/ImageUploadField';
import { uploadFile } from './agent-builder-api';

export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.svg';

export function ImageUpload(props: {
  label: string;
  value: string | undefined;
  onChange: (url: string) => void;
  agentId: string;
  userId: string;
  folder: string;
  maxSizeMB?: number;
  accept?: string;
}) {
  const { agentId, userId, folder, maxSizeMB = 1, accept = IMAGE_ACCEPT } = props;
  return (
    <ImageUploadField
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      maxSizeMB={maxSizeMB}
      accept={accept}
      hint={`Max size: ${maxSizeMB} MBs · ${accept}`}
      limitProblem="alert"
      radius="md"
      upload={async (file, base64Payload) =>
        (await uploadFile({ agentId, userId, base64Payload, targetPath: `${folder}/${file.name}`, temporary: false, maxSizeMB, accept })).data.url
      }
    />
  );
}
