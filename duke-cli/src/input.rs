//! Line input for the game: `rustyline` (editing, history) when standard
//! input and output are a terminal, plain lines from standard input
//! otherwise, so scripts and tests drive the program the same way.

use std::io::{self, BufRead, IsTerminal, Write};

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

pub enum Input {
    Editor(Box<DefaultEditor>),
    Plain(io::Lines<io::StdinLock<'static>>),
}

impl Input {
    pub fn new() -> Input {
        if io::stdin().is_terminal() && io::stdout().is_terminal() {
            if let Ok(editor) = DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(io::stdin().lock().lines())
    }

    /// The next line after showing `prompt`; `None` at the end of input.
    pub fn read(&mut self, prompt: &str) -> io::Result<Option<String>> {
        match self {
            Input::Editor(editor) => loop {
                match editor.readline(prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        return Ok(Some(line));
                    }
                    Err(ReadlineError::Interrupted) => {
                        println!("(Ctrl-C: type 'quit' to leave, Ctrl-D at an empty prompt too)");
                    }
                    Err(ReadlineError::Eof) => return Ok(None),
                    Err(ReadlineError::Io(e)) => return Err(e),
                    Err(e) => return Err(io::Error::other(e.to_string())),
                }
            },
            Input::Plain(lines) => {
                let mut out = io::stdout().lock();
                write!(out, "{prompt}")?;
                out.flush()?;
                lines.next().transpose()
            }
        }
    }
}
