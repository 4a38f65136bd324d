// the editor
