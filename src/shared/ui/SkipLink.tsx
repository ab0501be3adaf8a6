import { t } from '../../messages/t';
import classes from './SkipLink.module.css';

export function SkipLink() {
  return (
    <a className={classes.skip} href="#main">
      {t('app.skipToContent')}
    </a>
  );
}
