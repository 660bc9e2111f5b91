//! The `verdiff` binary: runs the command line on a thread with a large stack (C programs and
//! their terms can be deeply nested) and turns a panic into exit status 6 with a message.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let worker = std::thread::Builder::new().stack_size(1 << 30).spawn(move || verdiff::cli::main(args));
    let code = match worker {
        Ok(h) => match h.join() {
            Ok(code) => code,
            Err(_) => {
                verdiff::cli::emit(
                    "ERROR: internal error (see the message above); please report it\n\nVERIFICATION UNKNOWN\n",
                );
                6
            }
        },
        Err(e) => {
            eprintln!("verdiff: cannot start: {e}");
            1
        }
    };
    verdiff::cli::exit(code);
}
