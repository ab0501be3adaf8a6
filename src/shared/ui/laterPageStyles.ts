// Mantine's styles of the components that only pages after the first one render (forms, the
// MFA list's and the login log's tables, the wizards' images and codes): every component that
// renders one imports this module, so the sheet loads with the first such page, after the first
// page's (mantineStyles.ts). None of the first page's components is built on these.
// In the order of Mantine's own styles.css, so that a component's rules override the ones it is
// built on (PasswordInput over Input and ActionIcon, its visibility toggle; Radio over InlineInput).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
