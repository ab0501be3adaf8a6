import { useT } from '../messages/t';
import classes from './SkipLink.module.css';

export function SkipLink() {
  const t = useT();
  return (
    <a className={classes.skip} href="#main">
      {t('app.skipToContent')}
    </a>
  );
}
