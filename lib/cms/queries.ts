// Every GROQ query the app runs, in one place. Both CMS adapters run these exact strings.
