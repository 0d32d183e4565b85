from recount_desktop.cli import main

raise SystemExit(main())
