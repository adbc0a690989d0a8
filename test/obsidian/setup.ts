// Obsidian's DOM helpers (createEl, createDiv, empty, setText, ...) and globals for the obsidian-test-mocks tests.
import { setup } from 'obsidian-test-mocks/setup';

setup();
