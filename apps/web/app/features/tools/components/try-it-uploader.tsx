import { useNavigate } from 'react-router';
import { handOverFiles } from '~/features/tools/utils/pending-files';
import { TryItBox } from './try-it-box';

/** The home and /tools "Try it now" box inside the React app: the chosen tool's page opens without a reload. */
export function TryItUploader() {
  const navigate = useNavigate();
  return (
    <TryItBox
      openTool={(path, files) => {
        handOverFiles(path, files);
        void navigate(path);
      }}
    />
  );
}
