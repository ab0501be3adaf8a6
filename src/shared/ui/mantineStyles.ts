// Mantine's styles per component instead of its whole styles.css: the first page (the shell and
// /profile/details) loads only the components it renders, a third of the full sheet.
// Components that only later pages render bring their own styles: laterPageStyles.ts (forms,
// tables, cards and the like), ConfirmDialog (Modal), ToastViewport (Notification).
// Order matters: the global sheets first, then the components in the order of Mantine's own
// styles.css, so that a component's rules override the ones it is built on (Anchor over Text).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
