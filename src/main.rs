fn main() {
    let args: Vec<String> = std::env::args().collect();
    let files: Vec<std::path::PathBuf> = args[1..]
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(Into::into)
        .collect();
    let show = args.iter().any(|a| a == "--show-goto");
    let opts = verdiff::frontend::FrontendOptions::default();
    let r = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || match verdiff::frontend::load(&files, &opts) {
            Ok(p) => {
                if show {
                    for f in &p.funcs {
                        if let Some(t) = verdiff::ir::display::function_to_text(&p, &f.name) {
                            if !f.system {
                                println!("{t}");
                            }
                        }
                    }
                }
                let unsup: usize = p
                    .funcs
                    .iter()
                    .filter_map(|f| f.body.as_ref())
                    .flatten()
                    .filter(|i| matches!(i.kind, verdiff::ir::InstrKind::Unsupported(_)))
                    .count();
                for f in &p.funcs {
                    for i in f.body.iter().flatten() {
                        if let verdiff::ir::InstrKind::Unsupported(m) = &i.kind {
                            println!("UNSUPPORTED {}:{} {}", p.file_name(i.loc), i.loc.line, m);
                        }
                    }
                }
                println!("OK funcs={} unsupported={}", p.funcs.len(), unsup);
            }
            Err(e) => println!("ERR {e}"),
        })
        .unwrap()
        .join();
    let _ = r;
}
